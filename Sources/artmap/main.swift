import ArtmapCLI
import Foundation

exit(await Artmap.main(arguments: Array(CommandLine.arguments.dropFirst()),
                       environment: ProcessInfo.processInfo.environment,
                       console: .standard()))
