extension String {
    /// The text of `scalars`, encoded as UTF-8 into one buffer: appending scalars to a `String`
    /// (or a slice to a `String.UnicodeScalarView`) goes one scalar at a time through generic code,
    /// several times slower, and the format scanners make a string this way per conversion.
    package init(encoding scalars: ArraySlice<Unicode.Scalar>) {
        self.init(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { unit in
                    buffer[count] = unit
                    count += 1
                }
            }
            return count
        }
    }
}
