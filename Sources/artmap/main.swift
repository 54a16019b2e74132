print("artmap")
