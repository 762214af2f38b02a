import Foundation
import XToolRuntime

/// Reads one case's payload, so that tests can write `#expect(error?.statusCode == 500)`.
extension XToolError {
    var statusCode: Int? {
        if case .status(let code, _) = self { return code }
        return nil
    }

    var statusBody: Data? {
        if case .status(_, let body) = self { return body }
        return nil
    }

    var decodingPath: String? {
        if case .decoding(let path, _) = self { return path }
        return nil
    }

    var decodingMessage: String? {
        if case .decoding(_, let message) = self { return message }
        return nil
    }

    var transportFailure: TransportFailure? {
        if case .transport(let failure) = self { return failure }
        return nil
    }

    var invalidRequestMessage: String? {
        if case .invalidRequest(let message) = self { return message }
        return nil
    }
}

extension Result where Failure == XToolError {
    var failure: XToolError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
