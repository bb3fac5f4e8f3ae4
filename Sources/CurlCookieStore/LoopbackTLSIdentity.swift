/// The TLS key and certificate of the loopback listener's https daemon.
///
/// A self-signed P-256 certificate (CN "cookie-harness loopback origin", valid 2026–2126), made once with
/// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500`. It protects nothing: it
/// exists so that libcurl makes a real TLS connection for https URLs and therefore treats them as secure. libcurl
/// is told not to verify it (`CURLOPT_SSL_VERIFYPEER`/`VERIFYHOST` off), and the listener binds to 127.0.0.1 only.
enum LoopbackTLSIdentity {
    static let keyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgHtOrxAESG5jc8a1w
        +IFy9u+4PusXQTPH15K8MvBbufehRANCAARy2I4L07M39ivQgIr0rVG6Khm4dmhN
        CcSO8vzxa3tT5h2XtTNr34kh1dreD0GZfhwgBRnrxGXJdNK301DSmOwm
        -----END PRIVATE KEY-----

        """

    static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBvjCCAWOgAwIBAgIUel//kjrsHlQsP5ETSoTRz1t4C0MwCgYIKoZIzj0EAwIw
        KTEnMCUGA1UEAwweY29va2llLWhhcm5lc3MgbG9vcGJhY2sgb3JpZ2luMCAXDTI2
        MTEyOTE3NTUyM1oYDzIxMjYxMTA1MTc1NTIzWjApMScwJQYDVQQDDB5jb29raWUt
        aGFybmVzcyBsb29wYmFjayBvcmlnaW4wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
        AARy2I4L07M39ivQgIr0rVG6Khm4dmhNCcSO8vzxa3tT5h2XtTNr34kh1dreD0GZ
        fhwgBRnrxGXJdNK301DSmOwmo2cwZTAdBgNVHQ4EFgQU9Twhso6fboxllDk6WBTm
        7DHG+F4wHwYDVR0jBBgwFoAU9Twhso6fboxllDk6WBTm7DHG+F4wDwYDVR0TAQH/
        BAUwAwEB/zASBgNVHREECzAJggEqhwR/AAABMAoGCCqGSM49BAMCA0kAMEYCIQDC
        sWia3xzKNRtKJ+CPZN4E5oYIx14r7G0TZ694JuUBdgIhAPBxHwttuurTB8Sp/4Wu
        WvpgtlzZ/2nrAQlOsEeV3Pqw
        -----END CERTIFICATE-----

        """
}
