extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place when the string is stored contiguously
    /// (native strings are; no copy, no reference counting), else from a copy.
    func withUTF8Bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var copy = self
        copy.withUTF8(body)
    }
}
