import Foundation
import XToolRuntime

/// Reads one case's payload, so that tests can write `#expect(error?.statusCode == 500)`.
extension XToolError {
    public var statusCode: Int? {
        if case .status(let code, _) = self { return code }
        return nil
    }

    public var statusBody: Data? {
        if case .status(_, let body) = self { return body }
        return nil
    }

    public var decodingPath: String? {
        if case .decoding(let path, _) = self { return path }
        return nil
    }

    public var decodingMessage: String? {
        if case .decoding(_, let message) = self { return message }
        return nil
    }

    public var serverFailure: ServerFailure? {
        if case .rejected(let failure) = self { return failure }
        return nil
    }

    public var transportFailure: TransportFailure? {
        if case .transport(let failure) = self { return failure }
        return nil
    }

    public var invalidRequestMessage: String? {
        if case .invalidRequest(let message) = self { return message }
        return nil
    }
}

extension Result where Failure == XToolError {
    public var failure: XToolError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
