/// BreathingPatternNFT: Pneuma breathing patterns as Flow non-fungible tokens.
///
/// Follows the Flow NonFungibleToken (v2) and MetadataViews standards, shaped like the
/// standard's ExampleNFT: an NFT carries the pattern's attributes (inhale, hold, exhale,
/// rest, difficulty, category, tags, total cycles, estimated duration) as Traits and as the
/// contract's own PatternView, its royalties, a Display, its ExternalURL (the pattern's
/// public marketplace page), its Edition and Serial; the contract resolves NFTCollectionData
/// and NFTCollectionDisplay. Editions are numbered per creator and pattern: another account
/// minting the same pattern id starts its own count. Rules: docs/product.md § Wallets and tokens.
///
/// Who may do what:
/// - Withdrawing needs the NonFungibleToken.Withdraw entitlement, which only the
///   collection's owner holds (the public capability is an unentitled reference).
/// - Minting needs an NFTMinter resource in the signer's own storage. Any account can keep
///   one (the account setup transaction saves it); the NFT records the minter's owner as
///   its creator, so a creator can never mint in another account's name.
import "NonFungibleToken"
import "ViewResolver"
import "MetadataViews"

access(all) contract BreathingPatternNFT: NonFungibleToken {

    access(all) let CollectionStoragePath: StoragePath
    access(all) let CollectionPublicPath: PublicPath
    access(all) let MinterStoragePath: StoragePath

    /// Tokens minted so far (ids are the tokens' uuids; this is a count).
    access(all) var totalSupply: UInt64

    /// Editions minted per creator and Pneuma pattern id: the creator's next mint of a
    /// pattern is edition n + 1 (another creator's mints of the same id do not count).
    access(self) let editionsByCreator: {Address: {String: UInt64}}

    access(all) event Minted(
        id: UInt64,
        uuid: UInt64,
        patternId: String,
        name: String,
        creator: Address,
        edition: UInt64
    )

    /// The breathing pattern itself. Phase lengths are seconds.
    access(all) struct PatternAttributes {
        access(all) let inhale: UFix64
        access(all) let hold: UFix64
        access(all) let exhale: UFix64
        access(all) let rest: UFix64
        access(all) let difficulty: String
        access(all) let category: String
        access(all) let tags: [String]
        access(all) let totalCycles: UInt64
        /// Seconds: one cycle's length times totalCycles.
        access(all) let estimatedDuration: UFix64

        view init(
            inhale: UFix64,
            hold: UFix64,
            exhale: UFix64,
            rest: UFix64,
            difficulty: String,
            category: String,
            tags: [String],
            totalCycles: UInt64
        ) {
            pre {
                inhale > 0.0 && exhale > 0.0: "BreathingPatternNFT.PatternAttributes: inhale and exhale must be longer than 0 seconds"
                inhale <= 60.0 && hold <= 60.0 && exhale <= 60.0 && rest <= 60.0: "BreathingPatternNFT.PatternAttributes: a phase can be at most 60 seconds"
                totalCycles > 0: "BreathingPatternNFT.PatternAttributes: totalCycles must be at least 1"
                tags.length <= 10: "BreathingPatternNFT.PatternAttributes: at most 10 tags"
            }
            self.inhale = inhale
            self.hold = hold
            self.exhale = exhale
            self.rest = rest
            self.difficulty = difficulty
            self.category = category
            self.tags = tags
            self.totalCycles = totalCycles
            self.estimatedDuration = (inhale + hold + exhale + rest) * UFix64(totalCycles)
        }
    }

    /// The contract's own view of a token: which Pneuma pattern it is, who made it, and
    /// the pattern's attributes.
    access(all) struct PatternView {
        access(all) let id: UInt64
        access(all) let patternId: String
        access(all) let name: String
        access(all) let description: String
        access(all) let image: String
        access(all) let creator: Address
        access(all) let owner: Address?
        access(all) let edition: UInt64
        access(all) let attributes: PatternAttributes

        view init(
            id: UInt64,
            patternId: String,
            name: String,
            description: String,
            image: String,
            creator: Address,
            owner: Address?,
            edition: UInt64,
            attributes: PatternAttributes
        ) {
            self.id = id
            self.patternId = patternId
            self.name = name
            self.description = description
            self.image = image
            self.creator = creator
            self.owner = owner
            self.edition = edition
            self.attributes = attributes
        }
    }

    access(all) resource NFT: NonFungibleToken.NFT {
        access(all) let id: UInt64
        access(all) let patternId: String
        access(all) let name: String
        access(all) let description: String
        access(all) let image: String
        /// The pattern's public page in the Pneuma marketplace.
        access(all) let externalURL: String
        access(all) let creator: Address
        access(all) let edition: UInt64
        access(all) let attributes: PatternAttributes
        access(self) let royalties: [MetadataViews.Royalty]

        init(
            patternId: String,
            name: String,
            description: String,
            image: String,
            externalURL: String,
            creator: Address,
            edition: UInt64,
            attributes: PatternAttributes,
            royalties: [MetadataViews.Royalty]
        ) {
            self.id = self.uuid
            self.patternId = patternId
            self.name = name
            self.description = description
            self.image = image
            self.externalURL = externalURL
            self.creator = creator
            self.edition = edition
            self.attributes = attributes
            self.royalties = royalties
        }

        access(all) fun createEmptyCollection(): @{NonFungibleToken.Collection} {
            return <-BreathingPatternNFT.createEmptyCollection(nftType: Type<@BreathingPatternNFT.NFT>())
        }

        access(all) view fun getViews(): [Type] {
            return [
                Type<MetadataViews.Display>(),
                Type<MetadataViews.Royalties>(),
                Type<MetadataViews.Editions>(),
                Type<MetadataViews.ExternalURL>(),
                Type<MetadataViews.Serial>(),
                Type<MetadataViews.Traits>(),
                Type<MetadataViews.NFTCollectionData>(),
                Type<MetadataViews.NFTCollectionDisplay>(),
                Type<BreathingPatternNFT.PatternView>()
            ]
        }

        access(all) fun resolveView(_ view: Type): AnyStruct? {
            switch view {
                case Type<MetadataViews.Display>():
                    return MetadataViews.Display(
                        name: self.name,
                        description: self.description,
                        thumbnail: MetadataViews.HTTPFile(url: self.image)
                    )
                case Type<MetadataViews.Royalties>():
                    return MetadataViews.Royalties(self.royalties)
                case Type<MetadataViews.Editions>():
                    let edition = MetadataViews.Edition(name: self.patternId, number: self.edition, max: nil)
                    return MetadataViews.Editions([edition])
                case Type<MetadataViews.ExternalURL>():
                    return MetadataViews.ExternalURL(self.externalURL)
                case Type<MetadataViews.Serial>():
                    return MetadataViews.Serial(self.id)
                case Type<MetadataViews.Traits>():
                    return MetadataViews.Traits([
                        MetadataViews.Trait(name: "inhale", value: self.attributes.inhale, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "hold", value: self.attributes.hold, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "exhale", value: self.attributes.exhale, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "rest", value: self.attributes.rest, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "difficulty", value: self.attributes.difficulty, displayType: "String", rarity: nil),
                        MetadataViews.Trait(name: "category", value: self.attributes.category, displayType: "String", rarity: nil),
                        MetadataViews.Trait(name: "tags", value: self.attributes.tags, displayType: nil, rarity: nil),
                        MetadataViews.Trait(name: "totalCycles", value: self.attributes.totalCycles, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "estimatedDuration", value: self.attributes.estimatedDuration, displayType: "Number", rarity: nil),
                        MetadataViews.Trait(name: "creator", value: self.creator, displayType: nil, rarity: nil)
                    ])
                case Type<MetadataViews.NFTCollectionData>():
                    return BreathingPatternNFT.resolveContractView(resourceType: Type<@BreathingPatternNFT.NFT>(), viewType: Type<MetadataViews.NFTCollectionData>())
                case Type<MetadataViews.NFTCollectionDisplay>():
                    return BreathingPatternNFT.resolveContractView(resourceType: Type<@BreathingPatternNFT.NFT>(), viewType: Type<MetadataViews.NFTCollectionDisplay>())
                case Type<BreathingPatternNFT.PatternView>():
                    return BreathingPatternNFT.PatternView(
                        id: self.id,
                        patternId: self.patternId,
                        name: self.name,
                        description: self.description,
                        image: self.image,
                        creator: self.creator,
                        owner: self.owner?.address,
                        edition: self.edition,
                        attributes: self.attributes
                    )
            }
            return nil
        }
    }

    /// A collection of pattern tokens. Anyone may deposit and read through the public
    /// capability; withdraw is access(NonFungibleToken.Withdraw), so only a reference
    /// the owner borrows from their own storage with that entitlement can take a token out.
    access(all) resource Collection: NonFungibleToken.Collection {
        access(all) var ownedNFTs: @{UInt64: {NonFungibleToken.NFT}}

        init() {
            self.ownedNFTs <- {}
        }

        access(all) view fun getSupportedNFTTypes(): {Type: Bool} {
            return {Type<@BreathingPatternNFT.NFT>(): true}
        }

        access(all) view fun isSupportedNFTType(type: Type): Bool {
            return type == Type<@BreathingPatternNFT.NFT>()
        }

        access(NonFungibleToken.Withdraw) fun withdraw(withdrawID: UInt64): @{NonFungibleToken.NFT} {
            let token <- self.ownedNFTs.remove(key: withdrawID)
                ?? panic("BreathingPatternNFT.Collection.withdraw: this collection holds no token with id ".concat(withdrawID.toString()))
            return <-token
        }

        access(all) fun deposit(token: @{NonFungibleToken.NFT}) {
            let token <- token as! @BreathingPatternNFT.NFT
            let old <- self.ownedNFTs[token.id] <- token
            destroy old
        }

        access(all) view fun getIDs(): [UInt64] {
            return self.ownedNFTs.keys
        }

        access(all) view fun getLength(): Int {
            return self.ownedNFTs.length
        }

        access(all) view fun borrowNFT(_ id: UInt64): &{NonFungibleToken.NFT}? {
            return &self.ownedNFTs[id]
        }

        /// A typed reference for reading a pattern token's fields.
        access(all) view fun borrowPattern(_ id: UInt64): &BreathingPatternNFT.NFT? {
            if let nft = &self.ownedNFTs[id] as &{NonFungibleToken.NFT}? {
                return nft as! &BreathingPatternNFT.NFT
            }
            return nil
        }

        access(all) view fun borrowViewResolver(id: UInt64): &{ViewResolver.Resolver}? {
            if let nft = &self.ownedNFTs[id] as &{NonFungibleToken.NFT}? {
                return nft as &{ViewResolver.Resolver}
            }
            return nil
        }

        access(all) fun createEmptyCollection(): @{NonFungibleToken.Collection} {
            return <-BreathingPatternNFT.createEmptyCollection(nftType: Type<@BreathingPatternNFT.NFT>())
        }
    }

    access(all) fun createEmptyCollection(nftType: Type): @{NonFungibleToken.Collection} {
        pre {
            nftType == Type<@BreathingPatternNFT.NFT>(): "BreathingPatternNFT.createEmptyCollection: only BreathingPatternNFT.NFT is supported"
        }
        return <- create Collection()
    }

    access(all) view fun getContractViews(resourceType: Type?): [Type] {
        return [
            Type<MetadataViews.NFTCollectionData>(),
            Type<MetadataViews.NFTCollectionDisplay>()
        ]
    }

    access(all) fun resolveContractView(resourceType: Type?, viewType: Type): AnyStruct? {
        switch viewType {
            case Type<MetadataViews.NFTCollectionData>():
                return MetadataViews.NFTCollectionData(
                    storagePath: self.CollectionStoragePath,
                    publicPath: self.CollectionPublicPath,
                    publicCollection: Type<&BreathingPatternNFT.Collection>(),
                    publicLinkedType: Type<&BreathingPatternNFT.Collection>(),
                    createEmptyCollectionFunction: (fun(): @{NonFungibleToken.Collection} {
                        return <-BreathingPatternNFT.createEmptyCollection(nftType: Type<@BreathingPatternNFT.NFT>())
                    })
                )
            case Type<MetadataViews.NFTCollectionDisplay>():
                let media = MetadataViews.Media(
                    file: MetadataViews.HTTPFile(url: "https://pneuma.app/icons/icon-512.png"),
                    mediaType: "image/png"
                )
                return MetadataViews.NFTCollectionDisplay(
                    name: "Pneuma Breathing Patterns",
                    description: "Breathing patterns made and published by Pneuma creators.",
                    externalURL: MetadataViews.ExternalURL("https://pneuma.app/marketplace"),
                    squareImage: media,
                    bannerImage: media,
                    socials: {}
                )
        }
        return nil
    }

    /// Mints pattern tokens. Kept in the creator's own storage; the token's creator is the
    /// account that holds this minter.
    access(all) resource NFTMinter {
        access(all) fun mintPattern(
            patternId: String,
            name: String,
            description: String,
            image: String,
            externalURL: String,
            attributes: PatternAttributes,
            royalties: [MetadataViews.Royalty]
        ): @BreathingPatternNFT.NFT {
            pre {
                patternId.length > 0 && patternId.length <= 64: "BreathingPatternNFT.NFTMinter: the pattern id must be 1 to 64 characters"
                name.length > 0 && name.length <= 80: "BreathingPatternNFT.NFTMinter: the name must be 1 to 80 characters"
                description.length <= 500: "BreathingPatternNFT.NFTMinter: the description can be at most 500 characters"
                externalURL.length > 0 && externalURL.length <= 500: "BreathingPatternNFT.NFTMinter: the external URL must be 1 to 500 characters"
                royalties.length <= 5: "BreathingPatternNFT.NFTMinter: at most 5 royalty receivers"
            }
            let creator = self.owner?.address
                ?? panic("BreathingPatternNFT.NFTMinter: the minter must be kept in an account's storage")
            // The standard's Royalties view checks every cut is in [0, 1] and the sum at most 1.
            let checked = MetadataViews.Royalties(royalties)
            var editions = BreathingPatternNFT.editionsByCreator[creator] ?? {}
            let edition = (editions[patternId] ?? 0) + 1
            editions[patternId] = edition
            BreathingPatternNFT.editionsByCreator[creator] = editions
            BreathingPatternNFT.totalSupply = BreathingPatternNFT.totalSupply + 1
            let token <- create NFT(
                patternId: patternId,
                name: name,
                description: description,
                image: image,
                externalURL: externalURL,
                creator: creator,
                edition: edition,
                attributes: attributes,
                royalties: checked.getRoyalties()
            )
            emit Minted(id: token.id, uuid: token.uuid, patternId: patternId, name: name, creator: creator, edition: edition)
            return <-token
        }
    }

    /// A minter for the caller to save in their own storage (see the account setup transaction).
    access(all) fun createMinter(): @NFTMinter {
        return <- create NFTMinter()
    }

    /// Editions of a Pneuma pattern minted so far by one creator.
    access(all) view fun editionsOf(creator: Address, patternId: String): UInt64 {
        if let editions = self.editionsByCreator[creator] {
            return editions[patternId] ?? 0
        }
        return 0
    }

    init() {
        self.CollectionStoragePath = /storage/pneumaBreathingPatternCollection
        self.CollectionPublicPath = /public/pneumaBreathingPatternCollection
        self.MinterStoragePath = /storage/pneumaBreathingPatternMinter
        self.totalSupply = 0
        self.editionsByCreator = {}

        let collection <- create Collection()
        self.account.storage.save(<-collection, to: self.CollectionStoragePath)
        let cap = self.account.capabilities.storage.issue<&BreathingPatternNFT.Collection>(self.CollectionStoragePath)
        self.account.capabilities.publish(cap, at: self.CollectionPublicPath)
    }
}
