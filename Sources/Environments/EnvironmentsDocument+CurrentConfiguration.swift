extension EnvironmentsDocument {
    /// The configuration an app runs with: `explicit` when given, else the one named by
    /// `ENVTOOL_CONFIGURATION` in `environment`, else the build's (`Debug` or `Release`); see
    /// ``BuildConfiguration/resolve(explicit:environment:)``.
    ///
    /// Only the document is consulted: choosing a configuration reads no other file.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unknownConfiguration``,
    ///   listing the configurations that exist.
    public func currentConfiguration(explicit: String?, environment: [String: String]) throws(EnvironmentError) -> Configuration {
        try configuration(named: BuildConfiguration.resolve(explicit: explicit, environment: environment))
    }
}
