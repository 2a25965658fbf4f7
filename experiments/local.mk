# experiments/ - (nothing yet)
