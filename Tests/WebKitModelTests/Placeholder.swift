// The tests of this target arrive with its module.
