import Foundation

/// A pseudo-terminal pair for tests that need a terminal which can be made to fail (close the master and every
/// read of the slave fails). Swift's Glibc module hides posix_openpt, so this opens /dev/ptmx and unlocks it
/// with the Linux ioctls those functions use.
public struct PseudoTerminal {
    /// The side the test holds.
    public let master: Int32
    /// The path of the side given to the program under test (/dev/pts/N).
    public let slavePath: String

    /// Opens a new pair; the caller closes `master`.
    public init() throws {
        // Close-on-exec: a program another test starts meanwhile must not hold this side open (closing it would then
        // not hang up this program's terminal).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TestServerError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (asm-generic ioctls, the same on x86-64 and arm64).
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            throw TestServerError("cannot unlock the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        slavePath = "/dev/pts/\(number)"
    }
}
