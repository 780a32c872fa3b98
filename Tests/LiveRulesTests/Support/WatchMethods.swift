import LiveRules

/// The watch methods reload tests run against on this system: inotify where it exists, and
/// polling at a short interval (so that a split or an extra batch would show within the tests'
/// settling times).
enum WatchMethods {
    static let polling = WatchMethod.polling(interval: .milliseconds(50))

    #if os(Linux)
    static let tested: [WatchMethod] = [.inotify, polling]
    #else
    static let tested: [WatchMethod] = [polling]
    #endif
}
