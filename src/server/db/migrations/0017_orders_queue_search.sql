-- The work queue's order with the search text beside each entry (decision 051): a page of a
-- search word that many orders hold is read from this index alone and stops after the page.
CREATE INDEX "orders_queue_search" ON "orders" USING btree ("status_rank","ordered_at" DESC NULLS LAST,"id","search_text") WHERE "orders"."deleted_at" is null;
