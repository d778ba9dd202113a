/// The name of an age plugin, `NAME` in `age1NAME1…`, `AGE-PLUGIN-NAME-1…` and the executable
/// `age-plugin-NAME`.
enum AgePluginName {
    /// A valid name: lowercase ASCII letters and digits and `+ - . _`, as age 1.2.1 requires, so
    /// that a recipient cannot name a path (`../`) to run.
    static func isValid(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x5F
            }
    }
}
