"""The public pages: thin views over the selectors, one module per page family."""
