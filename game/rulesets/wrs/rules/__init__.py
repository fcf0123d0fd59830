"""The pure WRS rules: free functions over plain values, no engine, no screen."""
