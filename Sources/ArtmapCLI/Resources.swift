import Cartography
import Catalog
import Foundation

/// Finds artmap's resource folder (the embedded seed catalogue) wherever artmap was started from.
enum ResourceLocator {
    /// Tried in order: `$ARTMAP_RESOURCES`, `<bin>/../share/artmap` (installed), then a `Resources`
    /// folder beside the executable or in any folder above it (a source checkout's `.build/...`).
    static func resourceDirectory(environment: [String: String]) -> URL? {
        let fm = FileManager.default
        func hasSeed(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: url.appendingPathComponent("seed").path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let override = environment["ARTMAP_RESOURCES"], !override.isEmpty {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            return hasSeed(url) ? url : nil
        }
        guard let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        var directory = exe.deletingLastPathComponent()
        let installed = directory.deletingLastPathComponent().appendingPathComponent("share/artmap", isDirectory: true)
        if hasSeed(installed) { return installed }
        for _ in 0..<8 {
            let candidate = directory.appendingPathComponent("Resources", isDirectory: true)
            if hasSeed(candidate) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return nil
    }

    /// The world base layer (Natural Earth) in the resource folder's `world`; without it, an atlas that says why.
    static func worldAtlas(environment: [String: String]) -> WorldAtlas {
        guard let resources = resourceDirectory(environment: environment) else {
            return WorldAtlas(coarse: nil, problem: "world map left out: no resource folder found (set ARTMAP_RESOURCES)")
        }
        return WorldAtlas.load(directory: resources.appendingPathComponent("world", isDirectory: true))
    }

    /// The seed files and the collection each fills: `campus-artworks.*` is the default collection,
    /// any other file is named after its base name.
    static func seedFiles(in resources: URL) -> [(url: URL, collection: String)] {
        let seedDirectory = resources.appendingPathComponent("seed", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: seedDirectory.path)) ?? []
        return names.sorted().compactMap { name in
            let url = seedDirectory.appendingPathComponent(name)
            guard ["json", "plist"].contains(url.pathExtension.lowercased()) else { return nil }
            let base = url.deletingPathExtension().lastPathComponent
            return (url, base == "campus-artworks" ? Artwork.defaultCollection : base)
        }
    }
}
