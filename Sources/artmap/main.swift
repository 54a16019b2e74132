import ArtmapCLI
import Foundation

exit(Artmap.main(arguments: Array(CommandLine.arguments.dropFirst()),
                 environment: ProcessInfo.processInfo.environment,
                 console: .standard()))
