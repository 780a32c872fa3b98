import Foundation
import Lua

/// Times `body` over `iterations` calls, `rounds` times; returns the median nanoseconds per call.
/// A warm-up round runs first and is not counted.
public func medianNanoseconds(iterations: Int, rounds: Int = 7, _ body: (Int) -> Int) -> Double {
    var sink = 0
    for i in 0..<iterations / 10 { sink &+= body(i) }
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for i in 0..<iterations { sink &+= body(i) }
        let elapsed = ContinuousClock.now - start
        samples.append(elapsed.inSeconds * 1e9 / Double(iterations))
    }
    if sink == 42 { print("") }
    return samples.sorted()[rounds / 2]
}
