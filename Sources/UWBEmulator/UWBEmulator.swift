// The emulator module; its parts arrive in Random/, Channel/, Trace/, Scenario/, Chip/, Simulation/, Medium/.
