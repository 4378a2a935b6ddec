"""Tests of the game server, each against the real server over real HTTP and WebSockets."""
