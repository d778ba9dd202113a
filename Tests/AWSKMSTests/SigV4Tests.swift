import EnvironmentCrypto
import Testing

@testable import AWSKMS

/// SigV4 against AWS's published examples: the `get-vanilla` case of the Signature Version 4
/// test suite and the IAM `ListUsers` example of the General Reference, with the example
/// credentials AWS publishes (`AKIDEXAMPLE`). The expected values are transcribed from them.
@Suite("SigV4: AWS's published example signatures")
struct SigV4Tests {
    static let secret = SecretBytes(copying: Array("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY".utf8))
    static let date = "20150830T123600Z"

    @Test("get-vanilla: canonical request, string to sign and signature")
    func vanilla() {
        let signer = SigV4(region: "us-east-1", service: "service")
        let request = SigV4.Request(method: "GET", headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", Self.date)], body: [])
        #expect(
            signer.canonicalRequest(request) == """
                GET
                /

                host:example.amazonaws.com
                x-amz-date:20150830T123600Z

                host;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signer.stringToSign(request, amzDate: Self.date) == """
                AWS4-HMAC-SHA256
                20150830T123600Z
                20150830/us-east-1/service/aws4_request
                bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63
                """)
        #expect(
            signer.signature(request, amzDate: Self.date, secretAccessKey: Self.secret)
                == "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test("get-vanilla's Authorization header, with X-Amz-Date added by the signer")
    func vanillaAuthorization() {
        let signer = SigV4(region: "us-east-1", service: "service")
        let request = SigV4.Request(method: "GET", headers: [("Host", "example.amazonaws.com")], body: [])
        let credentials = AWSCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: Self.secret, sessionToken: nil, source: "test")
        let headers = signer.authorizationHeaders(for: request, credentials: credentials, amzDate: Self.date)
        #expect(headers.map(\.name) == ["X-Amz-Date", "Authorization"])
        #expect(
            headers[1].value == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                + "SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test("IAM ListUsers (General Reference): query string and content-type header")
    func listUsers() {
        let signer = SigV4(region: "us-east-1", service: "iam")
        let request = SigV4.Request(
            method: "GET", query: [("Version", "2010-05-08"), ("Action", "ListUsers")],
            headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), ("Host", "iam.amazonaws.com"), ("X-Amz-Date", Self.date)],
            body: [])
        #expect(SHA256.hexDigest(Array(signer.canonicalRequest(request).utf8)) == "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59")
        #expect(
            signer.signature(request, amzDate: Self.date, secretAccessKey: Self.secret)
                == "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7")
    }

    @Test("header values are trimmed and inner runs of spaces collapsed; repeated headers join with commas")
    func canonicalHeaders() {
        let headers = SigV4.canonicalHeaders([("My-Header1", "  value1  "), ("my-header2", "\"a   b   c\""), ("My-Header1", "value2")])
        #expect(headers.map { "\($0.name):\($0.value)" } == ["my-header1:value1,value2", "my-header2:\"a b c\""])
    }

    @Test("a session token is sent and signed")
    func sessionToken() {
        let signer = SigV4(region: "eu-west-1", service: "kms")
        let request = SigV4.Request(method: "POST", headers: [("Host", "kms.eu-west-1.amazonaws.com")], body: Array("{}".utf8))
        let credentials = AWSCredentials(accessKeyID: "ASIAEXAMPLE", secretAccessKey: Self.secret, sessionToken: "token/+=", source: "test")
        let headers = signer.authorizationHeaders(for: request, credentials: credentials, amzDate: Self.date)
        #expect(headers.first { $0.name == "X-Amz-Security-Token" }?.value == "token/+=")
        #expect(headers.last?.value.contains("SignedHeaders=host;x-amz-date;x-amz-security-token,") == true)
        #expect(headers.last?.value.contains("/20150830/eu-west-1/kms/aws4_request") == true)
    }

    @Test("dates are UTC in ISO 8601 basic form; query text is RFC 3986 encoded")
    func formats() {
        #expect(SigV4.amzDate(1_440_938_160) == "20150830T123600Z")
        #expect(SigV4.amzDate(0) == "19700101T000000Z")
        #expect(SigV4.percentEncoded("a b/c~d_e.f-g+h=é") == "a%20b%2Fc~d_e.f-g%2Bh%3D%C3%A9")
    }
}
