import XToolSpec

/// A spec whose samples were read and checked: the samples stage's output and the generator's
/// input. Only `SampleFiles.load` makes one, so a spec loaded without its sample files (by
/// `SpecLoader` alone) can't reach the generator and lose them from the generated code. It reads
/// as the spec it holds (`sampled.api`).
@dynamicMemberLookup
package struct SampledSpec: Sendable {
    /// The spec, every sample's body filled in.
    package let spec: Spec

    init(_ spec: Spec) { self.spec = spec }

    package subscript<Value>(dynamicMember keyPath: KeyPath<Spec, Value>) -> Value { spec[keyPath: keyPath] }
}
