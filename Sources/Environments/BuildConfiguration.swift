/// Decides which build configuration an app runs with.
///
/// In order: the name given in code or on the command line; the environment variable
/// `ENVTOOL_CONFIGURATION`; the build itself, `Debug` for debug builds and `Release` for
/// release builds (Swift's `DEBUG` compilation condition).
public enum BuildConfiguration {
    /// The environment variable that selects the configuration.
    public static let environmentVariable = "ENVTOOL_CONFIGURATION"

    /// The configuration that follows from the build: `Debug` or `Release`.
    public static var buildDefault: String {
        #if DEBUG
        return "Debug"
        #else
        return "Release"
        #endif
    }

    /// The configuration name to use.
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        return buildDefault
    }
}
