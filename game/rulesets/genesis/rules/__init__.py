"""The pure Genesis rules: free functions over plain values, no engine, no screen."""
