# oracle/ - (nothing yet)
