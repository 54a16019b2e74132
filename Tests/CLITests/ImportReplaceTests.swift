import Foundation
import Testing
import TestSupport

/// The review's findings on issue 43 item 10: importing another file into a collection a file filled replaces it and
/// drops its favourites, so it needs --replace (the same file again is its refresh, and needs none); a name starting
/// with '-' could never be named again to `refresh`.
@Test func importingAnotherFileIntoAFilledCollectionNeedsReplace() async throws {
    let home = try temporaryDirectory("import-replace")
    let first = home.appendingPathComponent("first.csv"), second = home.appendingPathComponent("second.csv")
    try "id,title,latitude,longitude\na,One,53.40,-2.96\nb,Two,53.41,-2.97\n".write(to: first, atomically: true, encoding: .utf8)
    try "id,title,latitude,longitude\nc,Three,53.40,-2.96\n".write(to: second, atomically: true, encoding: .utf8)
    #expect(await runArtmap(["import", first.path, "--collection", "walls"], home: home).status == 0)
    #expect(await runArtmap(["import", first.path, "--collection", "walls"], home: home).status == 0, "the same file again is a refresh")
    let other = await runArtmap(["import", second.path, "--collection", "walls"], home: home)
    #expect(other.status == 2 && other.err.contains("'walls' holds what first.csv brought: importing another file into it would replace that"), "\(other.err)")
    let listed = await runArtmap(["list", "--collection", "walls", "--json"], home: home)
    #expect(listed.out.contains("\"id\":\"a\"") && !listed.out.contains("\"id\":\"c\""), "nothing was replaced")
    let replaced = await runArtmap(["import", second.path, "--collection", "walls", "--replace"], home: home)
    #expect(replaced.status == 0, "\(replaced.err)")
    let dash = await runArtmap(["import", first.path, "--collection", "-x"], home: home)
    #expect(dash.status == 2 && dash.err.contains("is not a plain word"), "\(dash.err)")
}
