# probe room: rules are added by the probe work.
