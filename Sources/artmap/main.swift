import ArtmapCLI
import Foundation

// Synchronous top-level code runs on the main thread before any other thread exists: the one moment to settle
// the process (with an `await` up here, the whole of it would start on the thread that serves the main queue).
Artmap.prepareProcess(arguments: Array(CommandLine.arguments.dropFirst()))
Task { @MainActor in
    exit(await Artmap.main(arguments: Array(CommandLine.arguments.dropFirst()),
                           environment: ProcessInfo.processInfo.environment,
                           console: .standard()))
}
dispatchMain()
