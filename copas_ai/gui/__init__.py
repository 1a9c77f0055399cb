"""`python -m copas_ai gui`: play and review in the browser, a local web front end
over CEP/1 (server.py the HTTP server, security.py its checks, table.py one table,
review.py the review page's data, static/ the pages)."""
