import Cells
@testable import App
import Catalog
import Foundation
import Geo
import Imaging
import TerminalTypes
import Testing
import TestSupport
@testable import Screen

/// A picture with four coloured quadrants, as the run loop delivers it.
func quadrantPicture(_ id: String, width: Int = 400, height: Int = 300) -> Picture {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let c = quadrantColour(x, y, width, height)
            bytes += [c.red, c.green, c.blue, 255]
        }
    }
    return Picture(artwork: .campus(id), fileName: "\(id) photo.jpg",
                   decoded: DecodedImage(format: .jpeg, originalWidth: width * 2, originalHeight: height * 2, orientation: .normal,
                                         pixels: RGBAImage(width: width, height: height, bytes: bytes)))
}

/// The cells of a buffer that carry a picture's colours, as a rectangle.
func pictureBounds(_ buffer: Buffer) -> Rect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where buffer[x, y].style.explicitColors {
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
    }
    return maxX < 0 ? nil : Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

/// The colour a cell shows most of.
func shown(_ cell: Cell) -> RGB? {
    let fg = cell.style.foreground?.rgbValue, bg = cell.style.background?.rgbValue
    switch cell.text {
    case " ": return bg
    case "█": return fg
    default: return bg ?? fg
    }
}

/// Checks the picture's quadrants in a rectangle of cells: each inner cell shows its quadrant's colour.
func quadrantErrors(_ buffer: Buffer, in area: Rect, tolerance: Int = 60) -> [String] {
    var errors: [String] = []
    for (qx, qy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let x = area.x + qx * area.width / 2 + area.width / 8, y = area.y + qy * area.height / 2 + area.height / 8
        let expected = quadrantColour(qx, qy, 2, 2)
        guard let got = shown(buffer[x, y]) else {
            errors.append("cell (\(x),\(y)) has no colour")
            continue
        }
        if got.distance(to: expected) > tolerance { errors.append("cell (\(x),\(y)): \(got) instead of \(expected)") }
    }
    return errors
}

@Test func theDetailShowsThePictureBesideTheTextWhenWideAndAboveWhenTall() throws {
    for (columns, rows, beside) in [(160, 45, true), (80, 60, false)] {
        var state = try campusState(columns: columns, rows: rows)
        state.colorDepth = .truecolor
        state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
        _ = reduce(&state, .pictureLoaded(quadrantPicture("40")))
        let buffer = MainView.render(state)
        let picture = try #require(pictureBounds(buffer), "no picture at \(columns)×\(rows)")
        let title = try #require(buffer.lines.firstIndex { $0.contains(" Abstract  ") })
        let titleColumn = TextWidth.of(String(buffer.lines[title].prefix { $0 != "A" }))
        if beside {
            #expect(titleColumn > picture.maxX, "text right of the picture at \(columns)×\(rows)")
            #expect(title == picture.y, "text starts level with the picture")
        } else {
            #expect(title > picture.maxY, "text below the picture at \(columns)×\(rows)")
        }
        // 400×300 at a 1:2 cell: twice as many columns as rows, times 4/3.
        let aspect = Double(picture.width) / Double(picture.height)
        #expect(abs(aspect - 8.0 / 3.0) < 0.25, "aspect kept: \(picture.width)×\(picture.height)")
        #expect(quadrantErrors(buffer, in: picture) == [])
        #expect(buffer.lines.joined().contains("Image: Abstract by Christopher Darton Watkins.jpg, 800×600 px"))
    }
}

@Test func placeholdersSayWhyThereIsNoPicture() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
    state.pictures.markLoading(.campus("40"))
    #expect(MainView.render(state).lines.joined().contains("decoding…"))
    state.pictures.fail(.campus("40"), .failed("not an image: the file is an HTML or XML page"))
    #expect(MainView.render(state).lines.joined().contains("cannot show the image: not an image: the file is an HTML"))
}

@Test func theViewerFillsTheScreenAndPansOverDecodedPixels() throws {
    var state = try campusState(columns: 200, rows: 60)
    state.colorDepth = .truecolor
    _ = reduce(&state, .pictureLoaded(quadrantPicture("40", width: 1600, height: 1200)))
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0), ImageViewerState(artwork: .campus("40"))])
    let fit = MainView.render(state)
    let whole = try #require(pictureBounds(fit))
    #expect(whole.height == 59 && abs(whole.width - 157) <= 2, "fits the screen less the status line: \(whole)")
    #expect(quadrantErrors(fit, in: whole) == [])
    let status = fit.lines[59]
    #expect(status.contains("40 photo.jpg · 3200×2400 px · zoom fit"), "\(status)")
    // Zoom 2× and pan to the top-left: the red quadrant fills the screen.
    _ = reduce(&state, .screen(.viewer(.zoomIn)))
    for _ in 0..<4 { _ = reduce(&state, .screen(.viewer(.pan(dx: -1, dy: -1)))) }
    let zoomed = MainView.render(state)
    #expect(zoomed.lines[59].contains("zoom 2×") && !zoomed.lines[59].contains("zoom: 2×"), "the zoom once (issue 23, item 17)")
    #expect(zoomed.lines[59].contains("+/- zoom · arrows pan · 0 fit · Esc back"), "the keys stay after the first key")
    let area = try #require(pictureBounds(zoomed))
    #expect(area.width == 200 && area.height == 59)
    for (x, y) in [(10, 5), (150, 5), (10, 40), (100, 25)] {
        #expect((shown(zoomed[x, y])?.distance(to: RGB(220, 30, 30)) ?? 999) <= 60, "(\(x),\(y)) is \(String(describing: shown(zoomed[x, y])))")
    }
    // Pan right: the green quadrant comes in on the right.
    for _ in 0..<4 { _ = reduce(&state, .screen(.viewer(.pan(dx: 1, dy: 0)))) }
    let panned = MainView.render(state)
    #expect((shown(panned[190, 5])?.distance(to: RGB(30, 200, 40)) ?? 999) <= 60)
}

@Test func theBuildingListShowsAThumbnailOfTheSelectedArtworkWhenThereIsRoom() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.colorDepth = .indexed256
    let ee = try #require(state.main.ranked.first { $0.name == "Electrical Engineering Building" })
    state.replaceStack([BuildingListState(key: ee.building.key, selected: 0)])
    _ = reduce(&state, .pictureLoaded(quadrantPicture(ee.artworks[0].artwork.id)))
    let wide = MainView.render(state)
    let thumbnail = try #require(pictureBounds(wide))
    #expect(thumbnail.width <= 27 && thumbnail.height <= 12)
    #expect(quadrantErrors(wide, in: thumbnail, tolerance: 80) == [])
    _ = reduce(&state, .resize(TerminalSize(columns: 90, rows: 30)))
    #expect(pictureBounds(MainView.render(state)) == nil, "no thumbnail when the screen is narrow")
}

@Test func asciiAndMonochromePicturesUseNoColourOrOnlyASCII() throws {
    var state = try campusState(columns: 160, rows: 45)
    state.replaceStack([DetailState(artwork: .campus("40"), scroll: 0)])
    _ = reduce(&state, .pictureLoaded(quadrantPicture("40")))
    state.colorDepth = .none
    let mono = MainView.render(state)
    let area = try #require(pictureBounds(mono))
    for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
            #expect(mono[x, y].style.foreground == nil && mono[x, y].style.background == nil)
        }
    }
    let inked = (area.y..<area.maxY).contains { y in (area.x..<area.maxX).contains { mono[$0, y].text != " " } }
    #expect(inked, "the shape shows")
    state.ascii = true
    state.colorDepth = .indexed256
    let ascii = MainView.render(state)
    let asciiArea = try #require(pictureBounds(ascii))
    for y in asciiArea.y..<asciiArea.maxY {
        for x in asciiArea.x..<asciiArea.maxX {
            let isASCII = ascii[x, y].text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII)
        }
    }
}

@Test func changedRunsCoverExactlyWhatChanged() {
    var old = Buffer(width: 10, height: 3)
    old.write("hello", x: 0, y: 0)
    var new = old
    #expect(new.changedRuns(since: old) == [])
    #expect(new.changedRuns(since: nil) == [CellRun(y: 0, x: 0, length: 10), CellRun(y: 1, x: 0, length: 10), CellRun(y: 2, x: 0, length: 10)])
    new.write("J", x: 0, y: 0)
    new.write("ow", x: 3, y: 0)
    new.set(9, 2, "x", .normal)
    #expect(new.changedRuns(since: old) == [CellRun(y: 0, x: 0, length: 1), CellRun(y: 0, x: 3, length: 2), CellRun(y: 2, x: 9, length: 1)])
    // A colour change alone is a change.
    var recoloured = old
    recoloured.set(1, 1, " ", .image(foreground: nil, background: .palette(196)))
    #expect(recoloured.changedRuns(since: old) == [CellRun(y: 1, x: 1, length: 1)])
    // A wide character is drawn again when its second half changed.
    var wide = Buffer(width: 4, height: 1)
    wide.write("漢", x: 0, y: 0)
    var after = wide
    after.set(0, 0, "字", .normal)
    #expect(after.changedRuns(since: wide) == [CellRun(y: 0, x: 0, length: 1)], "the head is drawn; it covers both cells")
    var split = wide
    split.set(1, 0, "x", .normal)
    #expect(split.changedRuns(since: wide) == [CellRun(y: 0, x: 0, length: 2)], "overwriting half a wide character redraws both")
    #expect(new.changedRuns(since: Buffer(width: 5, height: 3)).count == 3, "a new size repaints every row")
}



/// Issue 16, item 14: at interval 0 the Night Watch from the store is the one picture, named on the status line.
@Test func theIntervalZeroSlideshowNamesTheNightWatchOnItsStatusLine() throws {
    var state = try campusState(columns: 150, rows: 30)
    state.slideshowInterval = 0
    let nightWatch = Artwork(id: nightWatchKey.id, title: "The Night Watch", artist: "Rembrandt van Rijn", coordinate: .ashtonBuilding,
                             building: "Rijksmuseum", imageFileName: "https://iiif.example/nw.jpg", collection: "rijksmuseum")
    state.perform(.opening(SlideshowState.self), context: .map)
    let show = try #require(state.overlays.last?.id)
    let entrance = try #require(state.artworks.first { !$0.imageFileName.isEmpty })
    _ = reduce(&state, .answer(.slideshow(.found(SlideshowPictures(nightWatch: nightWatch, cached: [entrance]))), to: show))
    let status = try #require(MainView.render(state).lines.last)
    #expect(status.hasPrefix(" 1/1 · The Night Watch — Rembrandt van Rijn · the Night Watch (interval 0) · one fixed picture (interval 0)"))
}

/// Issue 16, item 13: the news screen tells "no URL set", "nothing fetched yet" and "the fetch failed" apart.
@Test func theNewsScreenSaysWhetherTheFetchFailedAndWhy() throws {
    var state = try campusState(columns: 150, rows: 30)
    state.perform(.opening(NewsState.self), context: .map)
    #expect(MainView.render(state).lines.joined().contains("No news: set a news URL"))
    state.applySetting(key: Setting.newsURL, value: "http://127.0.0.1:9/news.txt")
    #expect(MainView.render(state).lines.joined().contains("No news yet from http://127.0.0.1:9/news.txt."))
    _ = reduce(&state, .newsFailed("fetching http://127.0.0.1:9/news.txt failed: the server answered HTTP 500"))
    var text = MainView.render(state).lines.joined()
    #expect(text.contains("No news: fetching http://127.0.0.1:9/news.txt failed: the server answered HTTP"))
    #expect(!text.contains("set a news URL"))
    // A message kept from an earlier fetch is still shown, with the failure under it.
    _ = reduce(&state, .newsLoaded(NewsItem(text: "Late opening", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))))
    _ = reduce(&state, .newsFailed("fetching http://127.0.0.1:9/news.txt failed: timed out"))
    text = MainView.render(state).lines.joined()
    #expect(text.contains("Late opening") && text.contains("The last fetch failed: fetching http://127.0.0.1:9/news.txt"))
}
