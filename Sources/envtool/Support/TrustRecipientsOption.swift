import ArgumentParser

/// `--trust-recipients`: what `set`, `unset`, `edit` and `rekey` take to seal an age file to its
/// `FILE.recipients` list when the file's key does not authenticate the list (a list written by
/// hand or by age, by an envtool before 0.2.0, or changed since the file was written).
struct TrustRecipientsOption: ParsableArguments {
    @Flag(
        name: .customLong("trust-recipients"),
        help: "Seal to FILE.recipients as it is even when the file's key does not authenticate it (check every recipient it lists first).")
    var trustRecipients = false
}
