import Cells
import Imaging
import Testing
@testable import Curses

@Test func pairsAreReusedAndBoundedAndStartAfterTheRoles() {
    var cache = ColorPairCache(firstPair: 20, lastPair: 22)
    let red = ColorPairCache.Key(foreground: 196, background: -1)
    #expect(cache.pair(for: red)! == (20, true))
    #expect(cache.pair(for: red)! == (20, false))
    #expect(cache.pair(for: .init(foreground: 1, background: 2))!.pair == 21)
    #expect(cache.pair(for: .init(foreground: 3, background: 4))!.pair == 22)
    #expect(cache.pair(for: .init(foreground: 5, background: 6)) == nil, "no pair past the last")
    #expect(cache.missing([red, .init(foreground: 5, background: 6), .init(foreground: 5, background: 6)]) == 1)
    cache.reset()
    #expect(cache.free == 3)
    #expect(cache.pair(for: .init(foreground: 5, background: 6))!.pair == 20)
}

@Test func colourNumbersFollowTheTerminalsDepth() {
    var direct = ColorNumbers(depth: .truecolor, count: 0x100_0000)
    #expect(direct.number(.rgb(RGB(0x12, 0x34, 0x56))) == 0x123456)
    #expect(direct.number(.palette(196)) == 0xFF0000)
    #expect(direct.number(nil) == -1)
    var indexed = ColorNumbers(depth: .indexed256, count: 256)
    #expect(indexed.number(.palette(196)) == 196)
    #expect(XtermPalette.rgb(UInt8(indexed.number(.rgb(RGB(255, 0, 0))))) == RGB(255, 0, 0))
    var sixteen = ColorNumbers(depth: .sixteen, count: 16)
    #expect(sixteen.number(.palette(196)) == 9, "bright red among the 16")
    var eight = ColorNumbers(depth: .sixteen, count: 8)
    #expect(eight.number(.rgb(RGB(200, 0, 0))) == 1)
}
