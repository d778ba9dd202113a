#if canImport(SwiftParser)
import SwiftParser
import SwiftSyntax

/// Generated source as swift-syntax's parser (the one `swift-format` and macros use) reads it.
struct ParsedSwift {
    let tree: SourceFileSyntax

    init(_ source: String) {
        tree = Parser.parse(source: source)
    }

    /// Whether the parser met anything that is not Swift (it recovers, and marks the node).
    var hasErrors: Bool { tree.hasError }

    /// Every `#` construct outside string literals: `#error`, `#if`, `#sourceLocation`, macros.
    /// The generator writes none, so one here came from the inputs.
    var directives: [String] {
        final class Finder: SyntaxVisitor {
            var found: [String] = []
            override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append("#" + node.macroName.text)
                return .visitChildren
            }
            override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
                found.append("#" + node.macroName.text)
                return .visitChildren
            }
            override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append("#if")
                return .visitChildren
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if case .stringSegment = token.tokenKind { return .skipChildren }
                if token.text.hasPrefix("#") { found.append(token.text) }
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    /// The comments before the first declaration (the header), one per line comment.
    var header: [String] {
        tree.statements.first?.leadingTrivia.compactMap { piece in
            if case .lineComment(let text) = piece { text } else { nil }
        } ?? []
    }

    /// The names after every `.` of a member access (`self.x`, `L10n.x`), in order.
    var memberNames: [String] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id == reference.id
            else { return nil }
            return token.text
        }
    }

    /// The operators in the file (`=`, `?`, `&`, `->` aside, which are their own tokens):
    /// a name read as an operator (`x.〡`) shows here.
    var operators: [String] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            switch token.tokenKind {
            case .binaryOperator(let text), .prefixOperator(let text), .postfixOperator(let text): text
            default: nil
            }
        }
    }
}
#endif
