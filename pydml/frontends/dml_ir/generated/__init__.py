# Generated package marker (pydml/frontends/dml_ir/generate.py).
