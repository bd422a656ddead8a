"""Window features reached from the menus: classroom, Paper, exports, Why not found?, the native
run, Ctrl+L."""
