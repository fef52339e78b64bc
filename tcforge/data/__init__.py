"""Loading and validating the YAML data: safe YAML, JSON Schemas, consistency checks, the card model."""
