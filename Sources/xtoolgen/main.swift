#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(XToolGenCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
