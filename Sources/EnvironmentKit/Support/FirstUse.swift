import Synchronization

/// A value made by the first caller that asks for it, exactly once, whichever thread asks.
///
/// ``AppEnvironment`` keeps its language and localization parts in these, so reading a variable
/// starts neither: no preferences file is read and no `.lproj` or `locales` directory is listed
/// until something asks for a language or a translation.
final class FirstUse<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let announce: @Sendable (Value) -> Void
    private let value = Mutex<Value?>(nil)

    /// - Parameters:
    ///   - make: Makes the value; it runs under the lock, so it must not ask this `FirstUse` again.
    ///   - announce: Runs once, after the lock is released, on the thread that made the value;
    ///     free to call back into anything, such as a warning handler that asks for the language.
    init(_ make: @escaping @Sendable () -> Value, announce: @escaping @Sendable (Value) -> Void = { _ in }) {
        self.make = make
        self.announce = announce
    }

    /// The value, made now if no one asked before. Callers that arrive while it is being made
    /// wait for it rather than making a second one.
    var get: Value {
        let (result, madeNow) = value.withLock { value -> (Value, Bool) in
            if let value { return (value, false) }
            let made = make()
            value = made
            return (made, true)
        }
        if madeNow { announce(result) }
        return result
    }

    /// The value if someone already asked for it; never makes it.
    var ifMade: Value? { value.withLock { $0 } }
}
