import Foundation

/// Answers a probe stopped waiting for (a slow SSH link answers past its 0.3 s): a command that ends soon after
/// the probe, such as `show`, reads them before it exits, or the shell would read them as typed input.
public struct LateAnswers: Equatable, Sendable {
    /// The device attributes (always asked last, and answered by every terminal) had not come: the others, asked
    /// before them, may still be on their way too.
    public let awaitingDeviceAttributes: Bool

    /// What a probe that got `answers` still owes, or nil when it owes nothing. Inside tmux the device attributes
    /// come from tmux at once, and the outer terminal's kitty answer (if it has one) after them.
    public static func owed(after answers: ProbeAnswers, tmux: Bool) -> LateAnswers? {
        if !answers.deviceAttributes { return LateAnswers(awaitingDeviceAttributes: true) }
        return tmux && !answers.kitty ? LateAnswers(awaitingDeviceAttributes: false) : nil
    }

    /// How long `drain` waits at most for the device attributes: well past a slow link's round trip, and the
    /// longest a terminal that never answers adds to a command's end.
    public static let patience = 1.0

    /// Reads, with echo off, until the device attributes arrive (when they were owed) or `timeout` seconds pass,
    /// then discards whatever else is waiting in the terminal's input (what was typed while the command ran goes
    /// too: it could not be told from an answer). Does nothing when `input` is no terminal.
    public func drain(input: Int32 = STDIN_FILENO, timeout: Double = LateAnswers.patience) {
        guard isatty(input) == 1 else { return }
        _ = TerminalProbe.quietly(input) {
            if awaitingDeviceAttributes {
                _ = TerminalProbe.collect(from: input, timeout: timeout) { ProbeAnswers.parse($0).deviceAttributes }
            }
            tcflush(input, TCIFLUSH)
        }
    }
}
