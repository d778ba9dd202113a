/// envtool-extract's exit statuses, the same numbers envtool uses for the same kinds of failure.
enum ExtractStatus {
    /// A usage error: the development language cannot be told (pass `--source-language`).
    static let usage: Int32 = 64
    static let invalidInput: Int32 = 65
    static let unreadableInput: Int32 = 66
    /// Built without the `Extract` trait: the program exists but cannot parse Swift.
    static let unavailable: Int32 = 72
    static let cannotWrite: Int32 = 73
    static let ioError: Int32 = 74
}
