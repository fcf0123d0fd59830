"""One match: state, commands, events, the turn cycle and every action."""
