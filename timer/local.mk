# timer room: rules are added by the timer work.
