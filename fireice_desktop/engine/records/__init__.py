"""Game records: saved as JSON or pbmserv text, their fields checked as they load."""
