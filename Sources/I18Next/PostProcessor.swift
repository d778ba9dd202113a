import JSONParsing

/// A post-processor: transforms each translation after interpolation and nesting, when named
/// in `postProcess` (init or per call).
public struct PostProcessor: Sendable {
    /// The name used in `postProcess`.
    public let name: String
    let process: @Sendable (_ value: I18nValue, _ keys: [String], _ options: TranslationOptions, _ warn: (String) -> Void) -> I18nValue

    /// A post-processor called with the translation, the requested keys and the t() options.
    public init(name: String, process: @escaping @Sendable (_ value: I18nValue, _ keys: [String], _ options: TranslationOptions) -> I18nValue) {
        self.name = name
        self.process = { value, keys, options, _ in process(value, keys, options) }
    }

    /// A built-in post-processor that reports, through `warn`, when it leaves a value unprocessed.
    init(
        name: String, process: @escaping @Sendable (_ value: I18nValue, _ keys: [String], _ options: TranslationOptions, _ warn: (String) -> Void) -> I18nValue
    ) {
        self.name = name
        self.process = process
    }
}
