import EnvironmentCrypto
internal import LibC
import Platform

/// AWS Signature Version 4 (HMAC-SHA256) for one HTTP request, as the AWS General Reference
/// describes it: canonical request, string to sign, the derived signing key, `Authorization`.
///
/// Only what a JSON API such as KMS needs and the published examples check: the path is used as
/// given (KMS's is `/`), query parameters are encoded and sorted, headers lowercased, trimmed and
/// sorted, the payload hashed. The secret access key never leaves ``SecretBytes``.
package struct SigV4 {
    /// The request to sign.
    package struct Request {
        package var method: String
        /// The URI path, already in its canonical (encoded) form: `/` for KMS.
        package var path: String
        /// Query parameters, unencoded.
        package var query: [(name: String, value: String)]
        /// Headers to sign (`host` must be among them); names in any case.
        package var headers: [(name: String, value: String)]
        package var body: [UInt8]

        package init(
            method: String, path: String = "/", query: [(name: String, value: String)] = [],
            headers: [(name: String, value: String)], body: [UInt8]
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }
    }

    /// The credential scope's region and service (`us-east-1`, `kms`).
    package let region: String
    package let service: String

    package init(region: String, service: String) {
        self.region = region
        self.service = service
    }

    /// `20150830T123600Z` for a time in seconds since 1970, in UTC.
    package static func amzDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return cFormat(
            "%04d%02d%02dT%02d%02d%02dZ", Int32(parts.tm_year + 1900), Int32(parts.tm_mon + 1), Int32(parts.tm_mday),
            Int32(parts.tm_hour), Int32(parts.tm_min), Int32(parts.tm_sec))
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters, as SigV4 wants.
    package static func percentEncoded(_ text: String) -> String {
        String(decoding: percentEncoded(bytes: Array(text.utf8)), as: UTF8.self)
    }

    /// RFC 3986 percent-encoding of bytes, which may be a secret (a web identity token): the
    /// result is bytes too, never a `String` the process cannot zero.
    package static func percentEncoded(bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return output
    }

    /// Lowercased names, values trimmed with inner runs of spaces collapsed, sorted by name; a
    /// repeated header's values joined with commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var merged: [String: [String]] = [:]
        for (name, value) in headers {
            let words = value.split(separator: " ", omittingEmptySubsequences: true)
            merged[name.lowercased(), default: []].append(words.joined(separator: " "))
        }
        return merged.keys.sorted().map { ($0, merged[$0]!.joined(separator: ",")) }
    }

    /// The canonical request: method, path, query, headers, signed header names, payload hash.
    package func canonicalRequest(_ request: Request) -> String {
        var pairs: [(String, String)] = []
        for (name, value) in request.query { pairs.append((Self.percentEncoded(name), Self.percentEncoded(value))) }
        pairs.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var query: [String] = []
        for (name, value) in pairs { query.append(name + "=" + value) }
        let headers = Self.canonicalHeaders(request.headers)
        var headerLines = ""
        for (name, value) in headers { headerLines += name + ":" + value + "\n" }
        let names: [String] = headers.map(\.name)
        let parts: [String] = [
            request.method, request.path, query.joined(separator: "&"), headerLines,
            names.joined(separator: ";"), SHA256.hexDigest(request.body),
        ]
        return parts.joined(separator: "\n")
    }

    /// `date/region/service/aws4_request`.
    package func scope(date: String) -> String {
        "\(date.prefix(8))/\(region)/\(service)/aws4_request"
    }

    /// The string to sign for `request` at `amzDate`.
    package func stringToSign(_ request: Request, amzDate: String) -> String {
        ["AWS4-HMAC-SHA256", amzDate, scope(date: amzDate), SHA256.hexDigest(Array(canonicalRequest(request).utf8))].joined(separator: "\n")
    }

    /// The hexadecimal signature: HMAC of the string to sign under the key derived from the
    /// secret (`AWS4` + secret, then the date, region, service and `aws4_request`).
    package func signature(_ request: Request, amzDate: String, secretAccessKey: SecretBytes) -> String {
        let prefixed = secretAccessKey.withUnsafeBytes { secret in
            SecretBytes(count: 4 + secret.count) { output in
                Array("AWS4".utf8).withUnsafeBytes { output.copyMemory(from: $0) }
                UnsafeMutableRawBufferPointer(rebasing: output[4...]).copyMemory(from: secret)
            }
        }
        var key = SHA256.hmac(key: prefixed, Array(amzDate.prefix(8).utf8))
        for part in [region, service, "aws4_request"] { key = SHA256.hmac(key: key, Array(part.utf8)) }
        let signature = SHA256.hmac(key: key, Array(stringToSign(request, amzDate: amzDate).utf8))
        return signature.withUnsafeBytes { SHA256.hex($0) }
    }

    /// The headers to add to `request` so that AWS accepts it: `X-Amz-Date`, the session token
    /// when there is one (itself signed), and `Authorization`.
    package func authorizationHeaders(for request: Request, credentials: AWSCredentials, amzDate: String) -> [(name: String, value: String)] {
        var signed = request
        var added = [(name: "X-Amz-Date", value: amzDate)]
        if let token = credentials.sessionToken { added.append((name: "X-Amz-Security-Token", value: token)) }
        signed.headers += added
        let names = Self.canonicalHeaders(signed.headers).map(\.name).joined(separator: ";")
        let signature = signature(signed, amzDate: amzDate, secretAccessKey: credentials.secretAccessKey)
        let authorization = "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date: amzDate)), SignedHeaders=\(names), Signature=\(signature)"
        return added + [(name: "Authorization", value: authorization)]
    }
}
