/// How long tests wait for something asynchronous (a file event, a reload, a thread ending)
/// before they fail: far past what it takes on the slowest machine CI runs on with every core
/// busy. Waits poll and return as soon as it happened, so a passing test never waits this long.
enum Patience {
    static let seconds: Double = 60
    static let duration: Duration = .seconds(60)
}
