import CookieHarnessCLI

CookieHarnessCommand.main()
