import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single key presses from a terminal on standard input, without waiting for Enter.
enum SingleKey {
    /// Ctrl-C and Ctrl-D: with the terminal in raw mode they arrive as bytes, not as a signal.
    static let interrupt: UInt8 = 0x03, endOfInput: UInt8 = 0x04

    /// The next byte typed, read with the terminal's line editing and echo off (restored before
    /// returning); nil at the end of the input.
    static func next() -> UInt8? {
        var saved = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if isTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        defer { if isTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) } }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
