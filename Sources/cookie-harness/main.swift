import FullHarness

FullHarness.main()
