import ArgumentParser
import TranslationFormats

/// `--po-msgid key` / `--po-msgid source`.
extension GettextFormat.MessageID: ExpressibleByArgument {}
