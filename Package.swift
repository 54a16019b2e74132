// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "artmap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "artmap", targets: ["artmap"]),
    ],
    targets: [
        // C system libraries: one folder each with module.modulemap + shim.h.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Puts the terminal back when the process dies of a fatal signal (async-signal-safe C).
        .target(name: "CTerminalRescue"),
        // glibc's malloc arenas: the full-screen view asks for one (its catalogue is read on a worker thread).
        .target(name: "CMallocArena"),
        // libcurl (Debian libcurl4-openssl-dev for its header), loaded with dlopen by the first download, not linked:
        // its thirty-odd shared libraries were two thirds of every command's start.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // libosmium (header-only C++, Debian libosmium2-dev) behind a plain C interface: OpenStreetMap PBF and XML.
        .target(name: "COsmium", cxxSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.linkedLibrary("z"), .linkedLibrary("expat"), .linkedLibrary("bz2"), .linkedLibrary("pthread")]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        // GDBus from gio (glib is there for chafa): the GeoClue2 client in Location, its only importer.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // PROJ (the library under GDAL and QGIS): coordinate systems by EPSG code, for Projection, its only importer.
        .systemLibrary(name: "CProj", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),

        // Pure layers, arrows pointing down.
        .target(name: "Geo"),
        .target(name: "Catalog", dependencies: ["Cells", "Geo"]),
        // One owner of PROJ's context and transformations, below Cartography's importers.
        .target(name: "Projection", dependencies: ["CProj"]),
        .target(name: "Cartography", dependencies: ["Catalog", "Geo", "COsmium", "Projection"]),
        .target(name: "Store", dependencies: ["Cartography", "Catalog", "Geo", "CSQLite", "CMallocArena"]),
        .target(name: "Sync", dependencies: ["Store", "Cartography", "Catalog", "Geo", "CCurl"]),
        // libxml2's streaming reader, for GPX (Location).
        .target(name: "XMLReading", dependencies: ["CXML2"]),
        .target(name: "Location", dependencies: ["Geo", "XMLReading", "CGio"]),
        // Pixel loops are optimised even in debug builds, so tests and `swift run` stay usable on large pictures.
        .target(name: "Imaging", dependencies: ["Cells", "CJPEG", "CPNG", "CChafa"], swiftSettings: [.unsafeFlags(["-O"])]),
        // Rectangles, sizes, keys and mouse events: what the terminal, the views and the app all speak, below all three.
        .target(name: "TerminalTypes"),
        // The cell layer: what a terminal shows (Buffer, Style, colours, pixels, text width) and the backend protocol
        // that shows it. Foundation and TerminalTypes only, so the ncurses backend compiles without the app.
        .target(name: "Cells", dependencies: ["TerminalTypes"]),
        .target(name: "App", dependencies: ["Cells", "TerminalTypes", "Cartography", "Imaging", "Catalog", "Geo"]),
        .target(name: "Screen", dependencies: ["Cells", "App", "TerminalTypes", "Cartography", "Imaging", "Catalog", "Geo"]),
        .target(name: "Curses", dependencies: ["Cells", "TerminalTypes", "Imaging", "CNcursesw", "CTerminalRescue"]),
        // The sources of collections (the campus service, a file, OpenStreetMap, the museum): a provider each, below
        // the commands and the run loop that both refresh through them.
        .target(name: "Sources", dependencies: ["Sync", "Store", "Location", "Cartography", "Catalog", "Geo"]),
        // The run loop and the one place that performs effects: between the app and the commands that start it.
        .target(name: "Runtime", dependencies: ["Cells", "Curses", "Screen", "App", "Cartography", "Imaging", "Sources", "Sync", "Store", "Location", "Catalog", "Geo"]),
        .target(name: "ArtmapCLI", dependencies: ["CMallocArena", "Cells", "Runtime", "Curses", "Screen", "App", "Cartography", "Imaging", "Sources", "Sync", "Store", "Location", "Catalog", "Geo"]),
        .executableTarget(name: "artmap", dependencies: ["ArtmapCLI"]),
        .executableTarget(name: "Bench", dependencies: ["Cells", "App", "Screen", "Curses", "TerminalTypes", "Cartography", "Catalog", "Imaging", "Geo", "Store", "Sync", "COsmium"]),

        .target(name: "TestSupport", dependencies: ["Cells", "App", "TerminalTypes", "Catalog", "Imaging"], path: "Tests/Support", exclude: ["campus_server.py", "fake_gpsd.py", "rijks_server.py", "osm_services.py", "static_server.py", "wdqs_server.py"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ImagingTests", dependencies: ["Cells", "CChafa", "Imaging", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CatalogTests", dependencies: ["Cells", "Catalog", "Geo", "TestSupport"]),
        .testTarget(name: "CartographyTests", dependencies: ["Cartography", "Projection", "Catalog", "Geo", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Cartography", "Catalog", "Geo", "TestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["Cells", "App", "TerminalTypes", "Cartography", "Imaging", "Catalog", "Geo", "TestSupport"]),
        .testTarget(name: "ScreenTests", dependencies: ["Cells", "Screen", "App", "TerminalTypes", "Cartography", "Imaging", "Catalog", "Geo", "TestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "LocationTests", dependencies: ["Location", "Geo", "TestSupport"]),
        .testTarget(name: "SyncTests", dependencies: ["Sync", "Store", "Catalog", "TestSupport"]),
        .testTarget(name: "CursesTests", dependencies: ["Cells", "Curses", "Screen", "Imaging", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Cells", "TestSupport", "Imaging", "Store"]),
        .testTarget(name: "SourcesTests", dependencies: ["Sources", "Sync", "Store", "Cartography", "Catalog", "Geo", "TestSupport"]),
        .testTarget(name: "RuntimeTests", dependencies: ["ArtmapCLI", "Runtime", "Sources", "App", "Cartography", "Cells", "Imaging", "Store", "Sync", "Catalog", "TerminalTypes", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["Cells", "ArtmapCLI", "Runtime", "Sources", "Cartography", "Geo", "Imaging", "Store", "Catalog", "Sync", "TestSupport"], exclude: ["Schemas"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
