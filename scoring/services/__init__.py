"""Where the scoring models meet the rules: results, standings, rulings, documents' jobs,
backups."""
