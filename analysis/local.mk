# analysis/ - (nothing yet)
