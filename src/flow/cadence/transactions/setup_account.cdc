/// Sets up the signer for pattern tokens, once: an empty BreathingPatternNFT collection
/// with its public capability, and a minter for the signer's own patterns. Running it
/// again changes nothing.
import "NonFungibleToken"
import "MetadataViews"
import "BreathingPatternNFT"

transaction {
    prepare(signer: auth(BorrowValue, IssueStorageCapabilityController, PublishCapability, SaveValue, UnpublishCapability) &Account) {
        let collectionData = BreathingPatternNFT.resolveContractView(resourceType: nil, viewType: Type<MetadataViews.NFTCollectionData>()) as! MetadataViews.NFTCollectionData?
            ?? panic("BreathingPatternNFT does not resolve the NFTCollectionData view")

        if signer.storage.borrow<&BreathingPatternNFT.Collection>(from: collectionData.storagePath) == nil {
            let collection <- BreathingPatternNFT.createEmptyCollection(nftType: Type<@BreathingPatternNFT.NFT>())
            signer.storage.save(<-collection, to: collectionData.storagePath)
            signer.capabilities.unpublish(collectionData.publicPath)
            let cap = signer.capabilities.storage.issue<&BreathingPatternNFT.Collection>(collectionData.storagePath)
            signer.capabilities.publish(cap, at: collectionData.publicPath)
        }

        if signer.storage.borrow<&BreathingPatternNFT.NFTMinter>(from: BreathingPatternNFT.MinterStoragePath) == nil {
            signer.storage.save(<-BreathingPatternNFT.createMinter(), to: BreathingPatternNFT.MinterStoragePath)
        }
    }
}
